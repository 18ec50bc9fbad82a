// @vitest-environment jsdom
// The army search (name, list number, category; year) and the army list the Armies browser and New
// roster share: a listbox the keys drive (Up, Down, Page Up, Page Down, Home, End, Enter), drawing only
// the rows on screen however many armies there are; its search field hands the focus over with Down.
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useRef, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ArmyList, listKeys } from '../../src-renderer/components/ArmyList'
import { ArmyLinks, removedText, sourceText } from '../../src-renderer/components/ArmyLinks'
import { armyMatches, erasOf, regionsOf, searchArmies } from '../../src-renderer/format'
import type { ArmySummary } from '../../src-main/ipc/contract'

const army = (id: string, name: string, more: Partial<ArmySummary> = {}): ArmySummary => ({
  id,
  name,
  dates: [{ from: -300, to: -100 }],
  tags: [],
  source: 'bundled',
  ...more
})
const gauls = army('warlike-gallic', 'Warlike Gallic', {
  listNumber: '66a',
  categories: ['Celts', 'Barbarian Europe'],
  tags: ['Gallic'],
  era: 'Hellenistic',
  region: 'Gaul'
})
const britons = army('ancient-british', 'Ancient British', { listNumber: '119a', dates: [{ from: -55, to: 75 }], era: 'Roman Empire' })
const eir = army('early-imperial-roman', 'Early Imperial Roman', {
  listNumber: '115a',
  dates: [{ from: -25, to: 197 }],
  categories: ['Roman'],
  era: 'Roman Empire',
  region: 'Italy'
})
const late = army('late-imperial-roman', 'Late Imperial Roman', {
  listNumber: '115b',
  dates: [{ from: 200, to: 300 }],
  categories: ['Roman'],
  era: 'Roman Empire'
})
const persians = army('early-achaemenid-persian', 'Early Achaemenid Persian', {
  listNumber: '56a',
  dates: [{ from: -550, to: -449 }],
  era: 'Iron Age',
  region: 'Iran'
})

afterEach(cleanup)

describe('armyMatches: the one army search', () => {
  const all = [gauls, britons, eir, late, persians]
  const found = (q: string, year: number | null = null) => all.filter((a) => armyMatches(a, q, year)).map((a) => a.id)
  it('a list number: "66a" that list only, "115" every sublist of 115, case aside', () => {
    expect(found('66a')).toEqual(['warlike-gallic'])
    expect(found('66A')).toEqual(['warlike-gallic'])
    expect(found('115')).toEqual(['early-imperial-roman', 'late-imperial-roman'])
    expect(found('115b')).toEqual(['late-imperial-roman'])
    expect(found('11')).toEqual([])
  })
  it('words of the name, a nation tag or a category, all of them', () => {
    expect(found('roman')).toEqual(['early-imperial-roman', 'late-imperial-roman'])
    expect(found('barbarian europe')).toEqual(['warlike-gallic'])
    expect(found('gallic celts')).toEqual(['warlike-gallic'])
    expect(found('roman 115a')).toEqual(['early-imperial-roman'])
  })
  it('the year within its dates', () => {
    expect(found('', 60)).toEqual(['ancient-british', 'early-imperial-roman'])
    expect(found('roman', 250)).toEqual(['late-imperial-roman'])
  })
  it('eras in the order of time, regions by name', () => {
    expect(erasOf(all)).toEqual(['Iron Age', 'Hellenistic', 'Roman Empire'])
    expect(regionsOf(all)).toEqual(['Gaul', 'Iran', 'Italy'])
  })
})

describe('searchArmies: the best match first (issue 39)', () => {
  // In the order a catalogue gives them: Batavian Revolt, found only by its nation tags, came first.
  const batavian = army('batavian-revolt', 'Batavian Revolt', { listNumber: '118d', tags: ['Early', 'German'], categories: ['Germanic'] })
  const frisian = army('frisian', 'Old Saxon and Early German Frisian', { listNumber: '152a' })
  const foot = army('early-german-foot', 'Early German Foot', { listNumber: '47b' })
  const german = army('early-german', 'Early German', { listNumber: '47a' })
  const provencal = army('provencal', 'Provençal Frankish', { listNumber: '144c' })
  const all = [batavian, frisian, foot, german, provencal, gauls, eir, late]
  const order = (q: string, year: number | null = null) => searchArmies(all, q, year).map((a) => a.id)
  it('"Early German": the exact name, then a name that starts with it, then the words of a name, then a tag', () => {
    expect(order('Early German')).toEqual(['early-german', 'early-german-foot', 'frisian', 'batavian-revolt'])
    expect(order('  early   GERMAN ')).toEqual(['early-german', 'early-german-foot', 'frisian', 'batavian-revolt'])
  })
  it('the list number before the words of a name; a category last', () => {
    expect(order('47')).toEqual(['early-german-foot', 'early-german'])
    expect(order('german 47a')).toEqual(['early-german'])
    expect(order('germ')).toEqual(['frisian', 'early-german-foot', 'early-german', 'batavian-revolt'])
    expect(order('roman')).toEqual(['early-imperial-roman', 'late-imperial-roman'])
  })
  it("accents aside; the year and a filter of the caller's own", () => {
    expect(order('provencal')).toEqual(['provencal'])
    expect(order('roman', 250)).toEqual(['late-imperial-roman'])
    expect(searchArmies(all, 'german', null, (a) => a.id !== 'early-german').map((a) => a.id)).toEqual(['frisian', 'early-german-foot', 'batavian-revolt'])
    expect(order('')).toEqual(all.map((a) => a.id))
  })
})

describe('where a list comes from', () => {
  it("bundled, the player's own, or fetched from Meshwesh; and a list Meshwesh dropped", () => {
    expect(sourceText(gauls)).toBe('Bundled with Muster')
    expect(sourceText({ source: 'user' })).toBe('From your own data folder')
    expect(sourceText({ source: 'meshwesh', origin: 'Meshwesh', fetched: '2026-11-25' })).toBe('From Meshwesh, fetched 2026-11-25')
    expect(removedText({ source: 'meshwesh', origin: 'Meshwesh', removed: '2026-12-01' })).toBe(
      'Meshwesh no longer publishes this list (since 2026-12-01); rosters on it check from the last copy.'
    )
    expect(removedText(gauls)).toBeNull()
  })
  it('links to the loaded enemies only; none loaded, nothing shown', () => {
    const opened: string[] = []
    const loaded = new Map([[britons.id, britons]])
    render(<ArmyLinks title="Historical enemies" ids={['ancient-british', 'not-loaded']} armies={loaded} onOpen={(id) => opened.push(id)} />)
    const links = screen.getByRole('list', { name: 'Historical enemies' })
    expect(links.textContent).toBe('119a Ancient British')
    fireEvent.click(screen.getByRole('button', { name: '119a Ancient British' }))
    expect(opened).toEqual(['ancient-british'])
    cleanup()
    const { container } = render(<ArmyLinks title="Related lists" ids={['not-loaded']} armies={loaded} onOpen={() => undefined} />)
    expect(container.innerHTML).toBe('')
  })
})

/** 700 armies, as a full Meshwesh catalogue has. */
const many = Array.from({ length: 700 }, (_, i) => army(`army-${i}`, `Army ${String(i).padStart(3, '0')}`, { listNumber: `${i + 1}a` }))

function Harness({ armies, chosen }: { armies: ArmySummary[]; chosen: string[] }) {
  const [active, setActive] = useState('')
  const [query, setQuery] = useState('')
  const scroller = useRef<HTMLDivElement>(null)
  const shown = armies.filter((a) => armyMatches(a, query, null))
  const list = { armies: shown, active, onActive: setActive, onChoose: (id: string) => void chosen.push(id), scroller }
  return (
    <>
      <input aria-label="Search armies" value={query} onChange={(e) => setQuery(e.target.value)} onKeyDown={(e) => listKeys(e, list)} />
      <ArmyList {...list} label="Armies" rowHeight={36} query={query} row={(a) => <span>{a.name}</span>} />
    </>
  )
}

describe('ArmyList: a listbox the keys drive', () => {
  it('700 armies: only a screenful of options is drawn, each saying where it is in the whole', () => {
    render(<Harness armies={many} chosen={[]} />)
    const options = screen.getAllByRole('option')
    expect(options.length).toBeGreaterThan(10)
    expect(options.length).toBeLessThan(60)
    expect(options[0].getAttribute('aria-posinset')).toBe('1')
    expect(options[0].getAttribute('aria-setsize')).toBe('700')
  })

  it('Down from the search selects the first; Down, Up, End, Home move; Enter chooses', () => {
    const chosen: string[] = []
    render(<Harness armies={many} chosen={chosen} />)
    const search = screen.getByLabelText('Search armies')
    const listbox = screen.getByRole('listbox', { name: 'Armies' })
    const selected = () => listbox.querySelector('[aria-selected="true"]')?.textContent
    fireEvent.keyDown(search, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(listbox)
    expect(selected()).toBe('Army 000')
    expect(listbox.getAttribute('aria-activedescendant')).toBe(listbox.querySelector('[aria-selected="true"]')!.id)
    fireEvent.keyDown(listbox, { key: 'ArrowDown' })
    fireEvent.keyDown(listbox, { key: 'ArrowDown' })
    expect(selected()).toBe('Army 002')
    fireEvent.keyDown(listbox, { key: 'ArrowUp' })
    expect(selected()).toBe('Army 001')
    // jsdom does no layout or scrolling: far rows are not drawn here (the browser tests scroll to them),
    // but the active descendant names the selected army
    const activeId = () => listbox.getAttribute('aria-activedescendant')
    fireEvent.keyDown(listbox, { key: 'End' })
    expect(activeId()).toMatch(/-army-699$/)
    fireEvent.keyDown(listbox, { key: 'ArrowDown' })
    expect(activeId()).toMatch(/-army-699$/)
    fireEvent.keyDown(listbox, { key: 'PageUp' })
    expect(activeId()).not.toMatch(/-army-699$/)
    fireEvent.keyDown(listbox, { key: 'Home' })
    expect(selected()).toBe('Army 000')
    fireEvent.keyDown(listbox, { key: 'Enter' })
    expect(chosen).toEqual(['army-0'])
    fireEvent.click(screen.getByRole('option', { name: 'Army 003' }))
    expect(chosen).toEqual(['army-0', 'army-3'])
  })

  it('a search that leaves one army: Enter in the search field chooses it', () => {
    const chosen: string[] = []
    render(<Harness armies={many} chosen={chosen} />)
    const search = screen.getByLabelText('Search armies')
    fireEvent.change(search, { target: { value: '66a' } })
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Army 065'])
    fireEvent.keyDown(search, { key: 'Enter' })
    expect(chosen).toEqual(['army-65'])
  })
})
