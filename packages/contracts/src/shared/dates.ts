/** Times for people, shared by every screen; the text as it came when it is no time. */

/** An ISO time as a date: "Nov 23, 2026". */
export const formatDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { dateStyle: 'medium' });
};

/** An ISO time as a short local date and time: "Nov 23, 2026, 4:05 PM". */
export const formatWhen = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
};
