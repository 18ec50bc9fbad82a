// Own-key lookups now live in src-shared/own.ts (the json-logic dialect there uses them too).
export { own, tally } from '../../src-shared/own'
