// Reads a game-day result slip's QR code (issue 41): from a photo or screenshot chosen or dropped, or
// from the webcam. A code that reads and is a result code goes to `onCode`; anything else is said in
// words and the reader stays open. The camera starts only when asked, and stops when the dialog closes.
import { useEffect, useRef, useState } from 'react'
import { Dialog } from './Dialog'
import { cameraProblem, openPicture, scanPicture, slipVerdict } from './slip-scan'
import styles from './SlipReader.module.css'
import { ErrorLine } from './ErrorLine'

/** How often a camera frame is scanned. */
const FRAME_MS = 250

type Camera = { state: 'off' } | { state: 'starting' } | { state: 'on'; stream: MediaStream }

export function SlipReader({ onCode, onClose }: { onCode(code: string): void; onClose(): void }) {
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState('')
  const [camera, setCamera] = useState<Camera>({ state: 'off' })
  const [over, setOver] = useState(false)
  const canvas = useRef<HTMLCanvasElement | null>(null)
  const video = useRef<HTMLVideoElement>(null)
  const done = useRef(false)
  const onCodeRef = useRef(onCode)
  useEffect(() => {
    onCodeRef.current = onCode
  })
  const hasCamera = typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
  const drawOn = () => (canvas.current ??= document.createElement('canvas'))

  /** A QR's text: to onCode if it is a result code, else why not. */
  const take = (text: string) => {
    const verdict = slipVerdict(text)
    if ('code' in verdict) {
      if (done.current) return
      done.current = true
      stopCamera()
      onCodeRef.current(verdict.code)
    } else setProblem(verdict.problem)
  }

  async function readFile(file: File | undefined) {
    if (!file) return
    setProblem('')
    setBusy(`Reading ${file.name}...`)
    const picture = await openPicture(file)
    if (!picture) {
      setBusy('')
      setProblem(`${file.name} is not a picture Muster can read: choose a PNG or JPEG photo or screenshot of the slip.`)
      return
    }
    const text = scanPicture(drawOn(), picture, picture.width, picture.height)
    picture.close?.()
    setBusy('')
    if (text) take(text)
    else
      setProblem(`No QR code was found in ${file.name}. Take the photo straight on, with the whole code in the picture and in focus, or type the code instead.`)
  }

  function stopCamera() {
    setCamera((c) => {
      if (c.state === 'on') c.stream.getTracks().forEach((t) => t.stop())
      return { state: 'off' }
    })
  }

  async function startCamera() {
    setProblem('')
    setCamera({ state: 'starting' })
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      setCamera({ state: 'on', stream })
    } catch (e) {
      setCamera({ state: 'off' })
      setProblem(cameraProblem(e))
    }
  }

  // The stream shown, and its frames scanned while the camera is on.
  const stream = camera.state === 'on' ? camera.stream : null
  useEffect(() => {
    const v = video.current
    if (!stream || !v) return
    v.srcObject = stream
    void v.play().catch(() => undefined)
    const timer = setInterval(() => {
      if (v.readyState < 2 || !v.videoWidth) return
      const text = scanPicture(drawOn(), v, v.videoWidth, v.videoHeight)
      if (text) take(text)
    }, FRAME_MS)
    return () => {
      clearInterval(timer)
      v.srcObject = null
    }
    // take and drawOn read refs and props only through the latest render's closures.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stream])
  // Closing the dialog turns the camera off.
  useEffect(() => () => stream?.getTracks().forEach((t) => t.stop()), [stream])

  return (
    <Dialog title="Read a result slip's QR code" onClose={onClose}>
      <p className={styles.slipReaderIntro}>
        Choose or drop a photo of the slip, or a screenshot of the phone showing its code, or hold the slip up to the camera. Result codes start with{' '}
        <code>MR1.</code>
      </p>
      <div
        className={over ? `${styles.slipDrop} ${styles.over}` : styles.slipDrop}
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault()
          setOver(false)
          void readFile(e.dataTransfer.files[0])
        }}
      >
        <label className="button-like">
          Choose a picture...
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            data-autofocus
            onChange={(e) => {
              void readFile(e.target.files?.[0])
              e.target.value = ''
            }}
          />
        </label>
        <span className="muted"> or drop it here</span>
      </div>
      <div className={styles.slipCamera}>
        {!hasCamera ? (
          <p className="muted">No camera: this computer offers Muster no camera. Choose a photo or screenshot of the slip instead.</p>
        ) : camera.state === 'off' ? (
          <button type="button" onClick={() => void startCamera()}>
            Use the camera
          </button>
        ) : (
          <>
            <button type="button" onClick={stopCamera}>
              Stop the camera
            </button>
            {camera.state === 'starting' && <span className="muted"> Starting the camera...</span>}
          </>
        )}
        {camera.state === 'on' && (
          <video ref={video} className={styles.slipVideo} muted playsInline aria-label="The camera's picture: hold the slip's QR code up to it" />
        )}
      </div>
      <p className={styles.slipBusy} role="status">
        {busy || (camera.state === 'on' ? 'Looking for a QR code...' : '')}
      </p>
      <ErrorLine error={problem} />
      <div className="buttons">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  )
}
