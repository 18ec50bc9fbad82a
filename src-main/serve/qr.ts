// The page's address as a QR code: text for a terminal, a PNG data URL for the app's window.
import QRCode from 'qrcode'

/** Drawn with block characters, two rows of modules per line, dark on light whatever the terminal's colours. */
export function terminalQr(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'utf8', errorCorrectionLevel: 'L', margin: 2 })
}

export function qrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'L', margin: 2, scale: 6 })
}
