// Every bench line with a goal says whether it is met, so a figure that slips is seen.
export const met = (ok: boolean): string => (ok ? 'MET' : 'NOT MET')
