// The default session's guards: the Content Security Policy on every response, and the few
// permissions the app's page may have (app-security.ts grantsPermission).
import type { Session } from 'electron'
import { grantsPermission, type RendererSource } from './app-security'

export const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"

export function guardSession(session: Session, source: RendererSource): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } })
  })
  // No microphone, notifications, clipboard reads...: only the Copy buttons' clipboard write, full
  // screen (the projector view) and the camera's video (the result-slip reader), for the app's page.
  session.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(grantsPermission(permission, details.requestingUrl, source, 'mediaTypes' in details ? details.mediaTypes : undefined))
  )
  session.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
    grantsPermission(permission, details.requestingUrl ?? requestingOrigin, source, details.mediaType ? [details.mediaType] : undefined)
  )
}
