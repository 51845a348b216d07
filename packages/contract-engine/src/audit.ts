import type { AuditFinding, AuditRule } from '@starforge/contracts/rewards';
import { type AstNode, descendants, field, fields, srcEnd, srcStart, typeIdentifier } from './ast';
import { sourcePositions } from './compile';

/**
 * The `security_audit` checks: a short list of named rules over solc's AST, each a pattern that
 * has cost real contracts real money. They read one function at a time and in source order (no
 * data flow across functions), so they are a first look, not a proof.
 */
export const AUDIT_RULE_INFO: Record<AuditRule, { title: string; severity: AuditFinding['severity'] }> = {
  'tx-origin-auth': { title: 'tx.origin used for authorisation', severity: 'high' },
  'unchecked-call': { title: 'Unchecked low-level call', severity: 'medium' },
  'delegatecall-to-input': { title: 'delegatecall to a caller-supplied address', severity: 'high' },
  selfdestruct: { title: 'selfdestruct', severity: 'medium' },
  'state-after-call': { title: 'State written after an external call', severity: 'high' },
};

interface Scope {
  /** The function or modifier, as the messages name it. */
  label: string;
  node: AstNode;
  nodes: AstNode[];
  parameterIds: Set<number>;
  /** Named return variables: a call's success stored in one goes back to the caller. */
  returnIds: Set<number>;
}

const isIdentifier = (node: AstNode | undefined, name: string) => node?.nodeType === 'Identifier' && node.name === name;
const isMagic = (node: AstNode | undefined, object: string, member: string) =>
  node?.nodeType === 'MemberAccess' && node.memberName === member && isIdentifier(field(node, 'expression'), object);

/** `address(x)`, `payable(x)`, `IToken(x)`: the x underneath type conversions. */
const unconverted = (node: AstNode | undefined): AstNode | undefined => {
  let current = node;
  while (current?.nodeType === 'FunctionCall' && current.kind === 'typeConversion') current = fields(current, 'arguments')[0] ?? undefined;
  return current;
};

/** The callee of a call, under `{value: …, gas: …}` options. */
const callee = (call: AstNode): AstNode | undefined => {
  const expression = field(call, 'expression');
  return expression?.nodeType === 'FunctionCallOptions' ? field(expression, 'expression') : expression;
};

const LOW_LEVEL = /^t_function_(barecall|baredelegatecall|barestaticcall|send)_/;
/** A low-level call (`.call`, `.delegatecall`, `.staticcall`, `.send`): its MemberAccess callee, or undefined. */
const lowLevelCallee = (node: AstNode): AstNode | undefined => {
  if (node.nodeType !== 'FunctionCall') return undefined;
  const target = callee(node);
  return target?.nodeType === 'MemberAccess' && LOW_LEVEL.test(typeIdentifier(target)) ? target : undefined;
};

/** A call that hands control to other code that may call back and write: external non-view calls and `.call` / `.delegatecall`. */
const isReentrantCall = (node: AstNode): boolean =>
  node.nodeType === 'FunctionCall' && /^t_function_(external_nonpayable|external_payable|barecall_|baredelegatecall_)/.test(typeIdentifier(callee(node)));

/** The variable a write lands in: `balances[a].total = …` writes `balances`. */
const writtenIdentifier = (target: AstNode | undefined): AstNode | undefined => {
  let current = target;
  while (current?.nodeType === 'IndexAccess' || current?.nodeType === 'MemberAccess' || current?.nodeType === 'IndexRangeAccess')
    current = field(current, current.nodeType === 'MemberAccess' ? 'expression' : 'baseExpression');
  return current?.nodeType === 'Identifier' ? current : undefined;
};

const writeTargets = (node: AstNode): AstNode[] => {
  if (node.nodeType === 'Assignment') {
    const left = field(node, 'leftHandSide');
    return left?.nodeType === 'TupleExpression' ? fields(left, 'components').filter((c): c is AstNode => c !== null) : left ? [left] : [];
  }
  if (node.nodeType === 'UnaryOperation' && ['++', '--', 'delete'].includes(String(node.operator))) {
    const target = field(node, 'subExpression');
    return target ? [target] : [];
  }
  return [];
};

const referenceOf = (node: AstNode | undefined): number | undefined =>
  typeof node?.referencedDeclaration === 'number' ? node.referencedDeclaration : undefined;

const scopesOf = (ast: AstNode): Scope[] =>
  descendants(ast)
    .filter((n) => (n.nodeType === 'FunctionDefinition' || n.nodeType === 'ModifierDefinition') && field(n, 'body'))
    .map((node) => {
      const kind = String(node.kind ?? 'modifier');
      const label = node.name ? `${node.name}()` : kind === 'constructor' ? 'the constructor' : `${kind}()`;
      const idsIn = (name: string) => {
        const list = field(node, name);
        return new Set((list ? fields(list, 'parameters') : []).flatMap((p) => (p ? [p.id] : [])));
      };
      return {
        label: node.nodeType === 'ModifierDefinition' ? `modifier ${node.name}` : label,
        node,
        nodes: descendants(field(node, 'body')!),
        parameterIds: idsIn('parameters'),
        returnIds: idsIn('returnParameters'),
      };
    });

type Found = { rule: AuditRule; node: AstNode; message: string };

const txOriginAuth = (scope: Scope): Found[] => {
  const conditions: AstNode[] = [];
  const besideSender = new Set<number>();
  for (const node of scope.nodes) {
    if (node.nodeType === 'FunctionCall' && (isIdentifier(field(node, 'expression'), 'require') || isIdentifier(field(node, 'expression'), 'assert'))) {
      const condition = fields(node, 'arguments')[0];
      if (condition) conditions.push(condition);
    }
    if (['IfStatement', 'Conditional', 'WhileStatement', 'DoWhileStatement', 'ForStatement'].includes(node.nodeType)) {
      const condition = field(node, 'condition');
      if (condition) conditions.push(condition);
    }
    if (node.nodeType === 'BinaryOperation' && (node.operator === '==' || node.operator === '!=')) {
      conditions.push(node);
      const [left, right] = [unconverted(field(node, 'leftExpression')), unconverted(field(node, 'rightExpression'))];
      // `tx.origin == msg.sender` asks "is the caller a person, not a contract": not an authorisation.
      if (isMagic(left, 'tx', 'origin') && isMagic(right, 'msg', 'sender')) besideSender.add(left!.id);
      if (isMagic(right, 'tx', 'origin') && isMagic(left, 'msg', 'sender')) besideSender.add(right!.id);
    }
  }
  const seen = new Set<number>();
  return conditions
    .flatMap((c) => descendants(c))
    .filter((n) => isMagic(n, 'tx', 'origin') && !besideSender.has(n.id) && !seen.has(n.id) && seen.add(n.id))
    .map((node) => ({
      rule: 'tx-origin-auth',
      node,
      message: `${scope.label} decides on tx.origin: any contract the account calls can act in its name (phishing). Check msg.sender instead.`,
    }));
};

const uncheckedCall = (scope: Scope): Found[] => {
  const isRead = (id: number, except: AstNode) =>
    scope.returnIds.has(id) || scope.nodes.some((n) => n.nodeType === 'Identifier' && referenceOf(n) === id && n !== except);
  const found: Found[] = [];
  for (const node of scope.nodes) {
    let call: AstNode | undefined;
    let checked = true;
    if (node.nodeType === 'ExpressionStatement') {
      const expression = field(node, 'expression');
      if (expression && lowLevelCallee(expression)) [call, checked] = [expression, false];
      else if (expression?.nodeType === 'Assignment' && field(expression, 'rightHandSide') && lowLevelCallee(field(expression, 'rightHandSide')!)) {
        call = field(expression, 'rightHandSide');
        const left = field(expression, 'leftHandSide');
        const success = left?.nodeType === 'TupleExpression' ? fields(left, 'components')[0] : left;
        const id = referenceOf(success ?? undefined);
        checked = success !== null && success !== undefined && id !== undefined && isRead(id, success);
      }
    } else if (node.nodeType === 'VariableDeclarationStatement') {
      const initial = field(node, 'initialValue');
      if (initial && lowLevelCallee(initial)) {
        call = initial;
        const success = fields(node, 'declarations')[0];
        checked = success !== null && success !== undefined && isRead(success.id, success);
      }
    }
    if (call && !checked) {
      const member = String(lowLevelCallee(call)!.memberName);
      found.push({
        rule: 'unchecked-call',
        node: call,
        message: `The success of .${member} in ${scope.label} is never checked: a failed call goes on silently. Check it (require(success)) or revert.`,
      });
    }
  }
  return found;
};

const delegatecallToInput = (scope: Scope): Found[] =>
  scope.nodes.flatMap((node): Found[] => {
    const target = lowLevelCallee(node);
    if (target?.memberName !== 'delegatecall') return [];
    const address = unconverted(field(target, 'expression'));
    const id = referenceOf(address);
    if (address?.nodeType !== 'Identifier' || id === undefined || !scope.parameterIds.has(id)) return [];
    return [
      {
        rule: 'delegatecall-to-input',
        node,
        message: `${scope.label} delegatecalls ${String(address.name)}, an address its caller chooses: that code runs with this contract's storage and ether.`,
      },
    ];
  });

const selfdestructs = (scope: Scope): Found[] =>
  scope.nodes
    .filter((n) => n.nodeType === 'FunctionCall' && (isIdentifier(field(n, 'expression'), 'selfdestruct') || isIdentifier(field(n, 'expression'), 'suicide')))
    .map((node) => ({
      rule: 'selfdestruct',
      node,
      message: `${scope.label} calls selfdestruct: whoever reaches it sends away all of the contract's ether (and, in the deploying transaction, deletes its code).`,
    }));

const stateAfterCall = (scope: Scope, stateVariables: Set<number>): Found[] => {
  // A reentrancy guard (OpenZeppelin's nonReentrant and its like) makes the order harmless.
  const modifierNames = fields(scope.node, 'modifiers').map((m) => (m ? String(field(m, 'modifierName')?.name ?? '') : ''));
  if (modifierNames.some((name) => /reentran/i.test(name))) return [];
  const firstCall = scope.nodes.filter(isReentrantCall).sort((a, b) => srcEnd(a) - srcEnd(b))[0];
  if (!firstCall) return [];
  const write = scope.nodes
    .filter((n) => srcStart(n) >= srcEnd(firstCall))
    .flatMap((n) => writeTargets(n).map((target) => ({ node: n, variable: writtenIdentifier(target) })))
    .find(({ variable }) => variable && stateVariables.has(referenceOf(variable) ?? -1));
  if (!write) return [];
  return [
    {
      rule: 'state-after-call',
      node: write.node,
      message: `${scope.label} writes ${String(write.variable!.name)} after an external call: the called contract can call back in before the write and see the old value (reentrancy). Write state before calling out.`,
    },
  ];
};

/** Runs every rule over a compiled source unit's AST; findings in source order. */
export const auditAst = (ast: AstNode, source: string): AuditFinding[] => {
  const positionOf = sourcePositions(source);
  const stateVariables = new Set(
    descendants(ast)
      .filter((n) => n.nodeType === 'VariableDeclaration' && n.stateVariable === true)
      .map((n) => n.id),
  );
  return scopesOf(ast)
    .flatMap((scope) => [
      ...txOriginAuth(scope),
      ...uncheckedCall(scope),
      ...delegatecallToInput(scope),
      ...selfdestructs(scope),
      ...stateAfterCall(scope, stateVariables),
    ])
    .sort((a, b) => srcStart(a.node) - srcStart(b.node))
    .map(({ rule, node, message }) => ({ rule, ...AUDIT_RULE_INFO[rule], message, ...positionOf(srcStart(node)) }));
};
