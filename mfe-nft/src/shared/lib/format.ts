/** An ISO time as a date for people ("Nov 23, 2026"); the text as it came when it is no date. */
export const formatDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { dateStyle: 'medium' });
};
