// A modal dialog as the platform makes one (<dialog> opened with showModal: the page behind is inert),
// plus what users of such dialogs expect: focus starts inside, Tab stays inside, Escape closes, and
// focus goes back to whatever opened it. Focus starts on the element marked data-autofocus, else the first control.
import { useEffect, useId, useRef, type ReactNode } from 'react'

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function Dialog({ title, onClose, children, wide = false }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })

  useEffect(() => {
    const dialog = ref.current!
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    // A test DOM without showModal still gets an open dialog.
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? dialog).focus()
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  function keepFocusInside(e: React.KeyboardEvent) {
    if (e.key !== 'Tab') return
    const items = [...ref.current!.querySelectorAll<HTMLElement>(FOCUSABLE)]
    if (!items.length) return
    const [first, last] = [items[0], items[items.length - 1]]
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog wide' : 'dialog'}
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={keepFocusInside}
      // Escape: the browser's cancel; React keeps the dialog open until the owner closes it.
      onCancel={(e) => {
        e.preventDefault()
        close.current()
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  )
}

/**
 * The end of a dialog that asks something: what went wrong (said to screen readers at once), Cancel,
 * then the dialog's own action (`children`). `cancelFirst` puts the focus on Cancel (asking first).
 */
export function DialogActions({
  error,
  errorId,
  onCancel,
  cancelFirst = false,
  children
}: {
  error: string
  errorId?: string
  onCancel: () => void
  cancelFirst?: boolean
  children: ReactNode
}) {
  return (
    <>
      {error && (
        <p className="load-error" role="alert" id={errorId}>
          {error}
        </p>
      )}
      <div className="buttons">
        <button type="button" data-autofocus={cancelFirst || undefined} onClick={onCancel}>
          Cancel
        </button>
        {children}
      </div>
    </>
  )
}
