// A text to scan, copy or read out: its QR beside it and a Copy button that says when it copied (the
// result slip's code, the Show on phone link).
import { useState, type ReactNode } from 'react'
import sheetStyles from './play-sheet.module.css'
import play from './play.module.css'

/** Whether the text was copied, a copy to the clipboard, and a reset (a new text to copy). */
export function useCopied() {
  const [copied, setCopied] = useState(false)
  const copy = (text: string) =>
    void navigator.clipboard
      ?.writeText(text)
      .then(() => setCopied(true))
      .catch(() => setCopied(false))
  return { copied, copy, reset: () => setCopied(false) }
}

export function CopySlip({
  text,
  qr,
  qrAlt,
  intro,
  copyLabel,
  copied,
  onCopy,
  scrolls = false
}: {
  text: string
  /** the QR's image, once made */
  qr: string | null
  qrAlt: string
  intro: ReactNode
  copyLabel: string
  copied: boolean
  onCopy: () => void
  /** a long text whose box scrolls: it takes the focus, so the keys can scroll it */
  scrolls?: boolean
}) {
  return (
    <div className={sheetStyles.playSlip}>
      {qr && <img className={sheetStyles.playQr} src={qr} alt={qrAlt} />}
      <div>
        {intro}
        <code className={sheetStyles.playCode} tabIndex={scrolls ? 0 : undefined}>
          {text}
        </code>
        <div className={sheetStyles.playActions}>
          <button className={play.playBig} onClick={onCopy}>
            {copyLabel}
          </button>
          {copied && <span role="status">Copied.</span>}
        </div>
      </div>
    </div>
  )
}
