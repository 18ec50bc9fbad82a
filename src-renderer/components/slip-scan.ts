// Reading a result slip's QR code (issue 41) from a picture or a camera frame, with jsqr (pure JS).
// A phone photo is far larger than a QR needs and slow to scan whole, and a small code in a big
// photo may only read at full size: the picture is scanned at a few sizes, smallest first.
import jsQR from 'jsqr'
import { decodeResult, ResultCodeError } from '../../src-shared/play/result-code'

/** Longest sides a picture is scanned at (never larger than it is). */
const SCAN_SIDES = [800, 1400, 2200]

/** The sizes to scan a w x h picture at: each of SCAN_SIDES it is larger than, then itself if not over the largest. */
export function scanSizes(width: number, height: number): Array<{ width: number; height: number }> {
  const long = Math.max(width, height)
  const sizes = SCAN_SIDES.filter((side) => side < long).map((side) => ({
    width: Math.max(1, Math.round((width * side) / long)),
    height: Math.max(1, Math.round((height * side) / long))
  }))
  return long <= SCAN_SIDES[SCAN_SIDES.length - 1] ? [...sizes, { width, height }] : sizes
}

/** The text of the QR code in RGBA pixels, if one reads (dark on light or light on dark: a phone in dark mode). */
export function qrText(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  return jsQR(rgba, width, height, { inversionAttempts: 'attemptBoth' })?.data || null
}

type Drawable = CanvasImageSource & { width?: number; height?: number }

/** `source` drawn at width x height, its pixels read back (a canvas the reader keeps to draw on). */
export function pixelsOf(canvas: HTMLCanvasElement, source: Drawable, width: number, height: number): ImageData | null {
  canvas.width = width
  canvas.height = height
  const g = canvas.getContext('2d', { willReadFrequently: true })
  if (!g) return null
  g.imageSmoothingQuality = 'high'
  g.drawImage(source, 0, 0, width, height)
  return g.getImageData(0, 0, width, height)
}

/** The QR code's text in a picture, trying its sizes in turn; null if none reads. */
export function scanPicture(canvas: HTMLCanvasElement, picture: Drawable, width: number, height: number): string | null {
  for (const size of scanSizes(width, height)) {
    const px = pixelsOf(canvas, picture, size.width, size.height)
    const text = px && qrText(px.data, px.width, px.height)
    if (text) return text
  }
  return null
}

/** A picture file (PNG, JPEG, WebP...) as something to draw, or null when the browser cannot read it. */
export async function openPicture(file: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file)
  } catch {
    return null
  }
}

/** What a QR code read says: a result code to use (white space taken out), or why it is not one, in words. */
export function slipVerdict(text: string): { code: string } | { problem: string } {
  try {
    decodeResult(text)
    return { code: text.replace(/\s+/g, '') }
  } catch (e) {
    if (!(e instanceof ResultCodeError)) throw e
    if (e.problem !== 'not-a-code' && e.problem !== 'empty') return { problem: e.message }
    const shown = text.length > 60 ? `${text.slice(0, 57)}...` : text
    return { problem: `This QR code is not a result slip's code: it reads "${shown}". A result code starts with MR1.` }
  }
}

/** The camera's refusal in words: no camera, permission refused, or in use elsewhere. */
export function cameraProblem(e: unknown): string {
  const name = (e as { name?: string } | null)?.name
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Muster may not use the camera: permission was refused. Allow the camera for Muster, or choose a photo of the slip instead.'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found. Choose a photo or a screenshot of the slip instead.'
  if (name === 'NotReadableError' || name === 'AbortError')
    return 'The camera could not be started: another program may be using it. Close it and try again, or choose a photo of the slip.'
  return `The camera could not be started (${name ?? 'unknown reason'}). Choose a photo or a screenshot of the slip instead.`
}
