// Moved beside its domain (DESIGN.md: algorithms live in event/); kept here so older imports still read.
export * from '../event/matching-state'
