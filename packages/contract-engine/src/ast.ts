/** A node of solc's compact JSON AST: only the fields the engine reads are named. */
export interface AstNode {
  nodeType: string;
  id: number;
  /** "start:length:fileIndex", in bytes of the source. */
  src: string;
  name?: string;
  nodes?: AstNode[];
  [field: string]: unknown;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as { nodeType?: unknown }).nodeType === 'string';

/** The nodes directly under `node`, in the order of its fields (solc writes them in source order within each field). */
const childrenOf = (node: AstNode): AstNode[] => {
  const children: AstNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'typeDescriptions') continue;
    if (isNode(value)) children.push(value);
    else if (Array.isArray(value)) for (const item of value) if (isNode(item)) children.push(item);
  }
  return children;
};

/**
 * Every node under `root` (itself included), depth first. Iterative: a deeply nested expression
 * from the user must not overflow the worker's stack.
 */
export const descendants = (root: AstNode): AstNode[] => {
  const found: AstNode[] = [];
  const stack: AstNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    found.push(node);
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return found;
};

export const srcStart = (node: AstNode): number => Number(node.src.split(':')[0]);
export const srcEnd = (node: AstNode): number => {
  const [start, length] = node.src.split(':');
  return Number(start) + Number(length);
};

export const typeIdentifier = (node: AstNode | undefined): string => (node?.typeDescriptions as { typeIdentifier?: string } | undefined)?.typeIdentifier ?? '';

export const field = (node: AstNode, name: string): AstNode | undefined => {
  const value = node[name];
  return isNode(value) ? value : undefined;
};

export const fields = (node: AstNode, name: string): (AstNode | null)[] => {
  const value = node[name];
  return Array.isArray(value) ? value.map((item) => (isNode(item) ? item : null)) : [];
};
