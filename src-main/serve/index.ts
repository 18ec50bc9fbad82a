// The local server of the phone page and what goes with it (security/local-server.md).
export { findPhoneDir, readPhoneAssets, PhonePageMissing, type PhoneAssets } from './assets'
export { phonePageFile } from './one-file'
export { startPhoneServer, MAX_BODY, type PhoneServer, type ServedGame } from './server'
export { tapsToApply } from './taps'
export { lanAddress } from './lan'
export { terminalQr, qrDataUrl } from './qr'
