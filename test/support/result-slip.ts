// A finished game's result slip (Ann Example beats Bob Sample) and its result code: what the slip
// reader's tests (jsdom and Chromium) draw as a QR and read back.
import { encodeResult, type ResultSlip } from '../../src-shared/play/result-code'

export const sampleSlip: ResultSlip = {
  format: 'muster-result',
  version: 1,
  ruleset: { id: 'triumph', dataVersion: '1.4.0' },
  date: '2026-05-16',
  sides: [
    { checkCode: '7Q2M-K0ZD', player: 'Ann Example', army: '115a Later Macedonian', name: 'Phalanx', losses: [{ unit: 0, lost: 2 }], flags: {}, lost: 9 },
    { checkCode: '8R3N-L1AE', player: 'Bob Sample', army: '120 Seleucid', name: 'Elephants', losses: [{ unit: 5, lost: 4 }], flags: {}, lost: 16 }
  ],
  over: true,
  winner: 0,
  why: 'Ann Example wins: 16 points of enemy troops destroyed, 9 lost.',
  agreed: false
}
export const sampleSlipCode = encodeResult(sampleSlip)
