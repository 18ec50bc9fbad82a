// The json-logic dialect now lives in src-shared/formula.ts, so the renderer and the phone page can score a game with it.
export { asNumber, compileFormula, formulaProblem, type Formula, type SumsItself } from '../../src-shared/formula'
