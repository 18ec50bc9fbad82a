// The Event tab's "Event day" view: the library's events, or the one open (EventDayPage). On mount
// it asks what the phones' results page serves (it outlives a reload of the window).
import { useEffect } from 'react'
import type { EnterReport, RulesetSummary } from '../../src-main/ipc/contract'
import { useEventList } from '../state/event-day'
import { readServing } from '../state/phone-serving'
import { EventDayList } from './EventDayList'
import { EventDayPage } from './EventDayPage'
import styles from './EventDay.module.css'

export interface OpenedEvent {
  id: string
  /** What entering the checked rosters did (Run this event). */
  entered: EnterReport | null
}

export function EventDay({ rulesets, opened, onOpen }: { rulesets: RulesetSummary[]; opened: OpenedEvent | null; onOpen: (e: OpenedEvent | null) => void }) {
  const list = useEventList()
  useEffect(() => void readServing(), [])
  return (
    <div className={styles.eventDay}>
      {opened ? (
        <EventDayPage
          key={opened.id}
          id={opened.id}
          rulesets={rulesets}
          entered={opened.entered}
          onBack={() => {
            onOpen(null)
            void list.refresh()
          }}
        />
      ) : (
        <EventDayList list={list} rulesets={rulesets} onOpen={(id) => onOpen({ id, entered: null })} />
      )}
    </div>
  )
}
