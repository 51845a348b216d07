/** The threshold fields as typed, checked as the server will (0-100 %, two decimals; 0-10,000,000 whole gas). */
export const thresholdProblems = (pct: string, gas: string): { pct: string | null; gas: string | null } => ({
  pct: /^\s*\d{1,3}(\.\d{1,2})?\s*$/.test(pct) && Number(pct) <= 100 ? null : 'A percentage from 0 to 100',
  gas: /^\s*\d{1,8}\s*$/.test(gas) && Number(gas) <= 10_000_000 ? null : 'A whole amount of gas from 0 to 10,000,000',
});
