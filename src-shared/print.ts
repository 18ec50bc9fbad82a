// What can be printed, and on what paper: written once for the PDF builders, the IPC contract, the
// CLI's choices and the print dialog, so the four cannot drift apart.

/** The sheets a roster prints: its roster sheet, unit cards, a quick-reference sheet. */
export const PRINT_KINDS = ['roster', 'cards', 'qrs'] as const
export type PrintKind = (typeof PRINT_KINDS)[number]

/** Paper sizes: A4, US Letter. */
export const PAPERS = ['a4', 'letter'] as const
export type Paper = (typeof PAPERS)[number]
