// The first page of a PDF drawn to fit its box (portrait or landscape) (pdf.js, loaded only when a preview is first shown so
// the editor's start-up stays small), with how many pages the whole file has. The print dialog shows
// the sheet it is about to save, as office programs do, instead of saving blind.
import { useEffect, useRef, useState } from 'react'
import styles from './PdfPreview.module.css'

/** pdf.js, loaded once on first use; its worker is a file of the app's own (the page's CSP allows 'self' only). */
let pdfjs: Promise<typeof import('pdfjs-dist')> | undefined
function loadPdfjs(): Promise<typeof import('pdfjs-dist')> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default
    return lib
  })
  return pdfjs
}

export type PreviewState = { state: 'drawing' } | { state: 'drawn'; pages: number } | { state: 'failed'; message: string }

export function PdfPreview({
  pdf,
  pending,
  box,
  label,
  onState
}: {
  pdf: Uint8Array | null
  /** A newer file is being made: the page shown is faded meanwhile. */ pending: boolean
  /** The CSS pixels the page is drawn within. */ box: { width: number; height: number }
  label: string
  onState?: (s: PreviewState) => void
}) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [shown, setShown] = useState<PreviewState>({ state: 'drawing' })
  const report = useRef(onState)
  useEffect(() => {
    report.current = onState
  })

  useEffect(() => {
    if (!pdf) return
    let cancelled = false
    const set = (s: PreviewState) => {
      if (cancelled) return
      setShown(s)
      report.current?.(s)
    }
    set({ state: 'drawing' })
    let destroy: (() => Promise<void>) | undefined
    void (async () => {
      try {
        const lib = await loadPdfjs()
        // pdf.js takes the bytes over (it transfers them to its worker): give it a copy.
        if (cancelled) return
        const task = lib.getDocument({ data: pdf.slice(), isEvalSupported: false, useSystemFonts: false })
        destroy = () => task.destroy()
        const doc = await task.promise
        const page = await doc.getPage(1)
        if (cancelled || !canvas.current) return
        const base = page.getViewport({ scale: 1 })
        const ratio = window.devicePixelRatio || 1
        const fit = Math.min(box.width / base.width, box.height / base.height)
        const viewport = page.getViewport({ scale: fit * ratio })
        const c = canvas.current
        c.width = Math.round(viewport.width)
        c.height = Math.round(viewport.height)
        c.style.width = `${Math.round(base.width * fit)}px`
        c.style.height = `${Math.round(base.height * fit)}px`
        await page.render({ canvas: c, viewport }).promise
        set({ state: 'drawn', pages: doc.numPages })
      } catch (e) {
        // A newer preview replaced this one: nothing went wrong.
        if (e instanceof Error && e.name === 'RenderingCancelledException') return
        set({ state: 'failed', message: e instanceof Error ? e.message : String(e) })
      }
    })()
    return () => {
      cancelled = true
      void destroy?.()
    }
  }, [pdf, box.width, box.height])

  const busy = pending || shown.state === 'drawing'
  const caption =
    pending || !pdf
      ? 'Making the sheet…'
      : shown.state === 'drawn'
        ? shown.pages > 1
          ? `Page 1 of ${shown.pages}`
          : 'One page'
        : shown.state === 'failed'
          ? `No preview: ${shown.message}`
          : 'Drawing the preview…'
  return (
    <figure className={busy ? `${styles.pdfPreview} busy` : styles.pdfPreview} aria-busy={busy}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-state={pdf ? shown.state : 'none'}
        style={pdf ? undefined : { width: Math.round(box.height / 1.414), height: box.height }}
      />
      <figcaption className="muted">{caption}</figcaption>
    </figure>
  )
}
