// The local server of the phone page and what goes with it (security/local-server.md).
export { findPhoneDir, readPhoneAssets, PhonePageMissing, type PhoneAssets } from './assets'
export { phonePageFile } from './one-file'
export { startPhoneServer, MAX_BODY, type GameAnswer, type PhoneServer, type PostAnswer, type ServedGame } from './server'
export { lanAddress } from './lan'
export { terminalQr, qrDataUrl } from './qr'
