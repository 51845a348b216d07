/** 1234 -> "1,234". */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** A success rate with one decimal: 66.666 -> "66.7%". */
export const formatRate = (rate: number): string => `${rate.toFixed(1)}%`;

/** A transaction hash or signature for people: "0x1a2b3c4d...9e8f7a6b". */
export const shortHash = (hash: string): string => (hash.length <= 20 ? hash : `${hash.slice(0, 10)}...${hash.slice(-8)}`);
