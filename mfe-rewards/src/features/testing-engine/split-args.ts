/** The arguments as typed, one per comma outside brackets and quotes (`[1,2], 0xdead` is two). */
export const splitArgs = (text: string): string[] => {
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && (ch === '[' || ch === '(')) depth += 1;
    if (!quoted && (ch === ']' || ch === ')')) depth -= 1;
    if (ch === ',' && depth === 0 && !quoted) {
      args.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim() !== '' || args.length > 0) args.push(current.trim());
  return args;
};
