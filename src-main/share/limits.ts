// What a share code may be, apart from the code that makes and reads them (share/code.ts uses
// Node's zlib), so the IPC contract, which the sandboxed preload loads too, can cap its argument.

/** The longest text read or written as a share code (a 40-unit roster takes under 1,000 characters). */
export const MAX_SHARE_CODE_LENGTH = 200 * 1024
