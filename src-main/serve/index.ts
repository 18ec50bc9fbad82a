// The local server of the phone pages and what goes with it (security/local-server.md).
export { findPhoneDir, readPhoneAssets, PhonePageMissing, type PhoneAssets } from './assets'
export { phonePageFile } from './one-file'
export { startPhoneServer, MAX_BODY, type PhoneServer } from './server'
export type { PostAnswer, Route, RouteAnswer, Sender, ServedApp } from './app'
export type { GameAnswer, ServedGame } from './game-app'
export { lanAddress, servedHost, NoNetwork } from './lan'
export { terminalQr, qrDataUrl } from './qr'
