// The result slip: the result code (both rosters' check codes, the losses, the score, the winner and the
// date: src-shared/play/result-code.ts) to copy or read out, and its QR for the organiser's Muster.
import { useEffect, useState } from 'react'
import QRCode from 'qrcode'
import { CopySlip, useCopied } from './CopySlip'

export function ResultSlip({ code }: { code: string }) {
  const [qr, setQr] = useState<{ code: string; url: string } | null>(null)
  const { copied, copy } = useCopied()
  useEffect(() => {
    let live = true
    QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 1, width: 400 })
      .then((url) => live && setQr({ code, url }))
      .catch(() => live && setQr(null))
    return () => {
      live = false
    }
  }, [code])
  return (
    <CopySlip
      text={code}
      qr={qr?.code === code ? qr.url : null}
      qrAlt="QR code of the result code"
      intro={
        <p>
          <strong>Result code</strong> (for the organiser):
        </p>
      }
      copyLabel="Copy the code"
      copied={copied}
      onCopy={() => copy(code)}
    />
  )
}
