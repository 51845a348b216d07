// solhint ships no types; src/solhint.ts says what it uses of it.
declare module 'solhint';
