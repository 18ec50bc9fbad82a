// The result slip: the result code (both rosters' check codes, the losses, the score, the winner and the
// date: src-shared/play/result-code.ts) to copy or read out, and its QR for the organiser's Muster.
import { useEffect, useState } from 'react'
import QRCode from 'qrcode'
import sheetStyles from './play-sheet.module.css'
import play from './play.module.css'

export function ResultSlip({ code }: { code: string }) {
  const [qr, setQr] = useState<{ code: string; url: string } | null>(null)
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    let live = true
    QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 1, width: 400 })
      .then((url) => live && setQr({ code, url }))
      .catch(() => live && setQr(null))
    return () => {
      live = false
    }
  }, [code])
  const copy = () =>
    void navigator.clipboard
      ?.writeText(code)
      .then(() => setCopied(true))
      .catch(() => setCopied(false))
  return (
    <div className={sheetStyles.playSlip}>
      {qr?.code === code && <img className={sheetStyles.playQr} src={qr.url} alt="QR code of the result code" />}
      <div>
        <p>
          <strong>Result code</strong> (for the organiser):
        </p>
        <code className={sheetStyles.playCode}>{code}</code>
        <div className={sheetStyles.playActions}>
          <button className={play.playBig} onClick={copy}>
            Copy the code
          </button>
          {copied && <span role="status">Copied.</span>}
        </div>
      </div>
    </div>
  )
}
