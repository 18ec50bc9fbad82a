// @vitest-environment jsdom
// The result-slip reader (src-renderer/components/SlipReader.tsx) with real QR codes: a real result
// code drawn as a PNG by the project's QR encoder (qrcode, as src-main/serve/qr.ts draws) and read by
// jsqr. jsdom draws no pictures, so its createImageBitmap and 2D canvas are stood in for by a PNG
// decoder (pngjs) and nearest-pixel scaling; the browser's own are used by the Chromium test
// (test/e2e/event-day-views.test.ts).
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { PNG } from 'pngjs'
import QRCode from 'qrcode'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SlipReader } from '../../src-renderer/components/SlipReader'
import { sampleSlipCode } from '../support/result-slip'

const code = sampleSlipCode

const qrPng = (text: string) => QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale: 5 })
const file = (bytes: Uint8Array, name: string) => new File([new Uint8Array(bytes)], name, { type: 'image/png' })

type Picture = { width: number; height: number; rgba: Uint8Array; close(): void }

beforeAll(() => {
  // createImageBitmap: a PNG's pixels (anything else is no picture, as the browser says).
  globalThis.createImageBitmap = (async (blob: Blob) => {
    // jsdom's Blob has no arrayBuffer(): its FileReader reads it.
    const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader()
      reader.onload = () => resolve(reader.result as ArrayBuffer)
      reader.onerror = () => reject(reader.error)
      reader.readAsArrayBuffer(blob)
    })
    const png = PNG.sync.read(Buffer.from(bytes))
    return { width: png.width, height: png.height, rgba: png.data, close: () => undefined } satisfies Picture
  }) as unknown as typeof createImageBitmap
  // A 2D canvas that draws a picture scaled to the nearest pixel and reads it back.
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement) {
    let pixels = new Uint8ClampedArray(0)
    return {
      drawImage: (p: Picture, _x: number, _y: number, w: number, h: number) => {
        pixels = new Uint8ClampedArray(w * h * 4)
        for (let y = 0; y < h; y++)
          for (let x = 0; x < w; x++) {
            const from = (Math.floor((y * p.height) / h) * p.width + Math.floor((x * p.width) / w)) * 4
            pixels.set(p.rgba.subarray(from, from + 4), (y * w + x) * 4)
          }
      },
      getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: pixels, width: w, height: h })
    }
  } as unknown as typeof HTMLCanvasElement.prototype.getContext
})
afterEach(() => {
  cleanup()
  Reflect.deleteProperty(navigator, 'mediaDevices')
})

const choose = (f: File) => fireEvent.change(screen.getByLabelText('Choose a picture...'), { target: { files: [f] } })

describe('the result-slip reader', () => {
  it('reads a real result code from a picture of its QR and hands it on', async () => {
    const onCode = vi.fn()
    render(<SlipReader onCode={onCode} onClose={() => undefined} />)
    expect(screen.getByRole('dialog', { name: "Read a result slip's QR code" })).toBeTruthy()
    choose(file(await qrPng(code), 'slip.png'))
    await waitFor(() => expect(onCode).toHaveBeenCalledWith(code))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('reads a picture dropped on it', async () => {
    const onCode = vi.fn()
    const { container } = render(<SlipReader onCode={onCode} onClose={() => undefined} />)
    fireEvent.drop(container.ownerDocument.querySelector('[class*="slip-drop_"]')!, { dataTransfer: { files: [file(await qrPng(code), 'dropped.png')] } })
    await waitFor(() => expect(onCode).toHaveBeenCalledWith(code))
  })

  it('says in words that a QR code which is no result code is not one', async () => {
    const onCode = vi.fn()
    render(<SlipReader onCode={onCode} onClose={() => undefined} />)
    choose(file(await qrPng('https://example.org/tickets/42'), 'ticket.png'))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(`This QR code is not a result slip's code: it reads "https://example.org/tickets/42". A result code starts with MR1.`)
    // A damaged result code is refused as damaged.
    const broken = code.slice(0, 20) + (code[20] === 'A' ? 'B' : 'A') + code.slice(21)
    choose(file(await qrPng(broken), 'broken.png'))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^This result code is damaged or incomplete/))
    expect(onCode).not.toHaveBeenCalled()
  })

  it('says so when a file is no picture or shows no QR code', async () => {
    render(<SlipReader onCode={() => undefined} onClose={() => undefined} />)
    choose(new File(['not a picture'], 'notes.txt', { type: 'text/plain' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'notes.txt is not a picture Muster can read: choose a PNG or JPEG photo or screenshot of the slip.'
    )
    const blank = new PNG({ width: 300, height: 200 })
    blank.data.fill(255)
    choose(file(PNG.sync.write(blank), 'blank.png'))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^No QR code was found in blank\.png\./))
  })

  it('says when there is no camera, and when the camera is refused', async () => {
    const { unmount } = render(<SlipReader onCode={() => undefined} onClose={() => undefined} />)
    expect(screen.getByText(/^No camera: this computer offers Muster no camera/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Use the camera' })).toBeNull()
    unmount()
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' })) }
    })
    render(<SlipReader onCode={() => undefined} onClose={() => undefined} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Use the camera' })))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Muster may not use the camera: permission was refused. Allow the camera for Muster, or choose a photo of the slip instead.'
    )
  })

  it('closes on Cancel', () => {
    const onClose = vi.fn()
    render(<SlipReader onCode={() => undefined} onClose={onClose} />)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledOnce()
  })
})
