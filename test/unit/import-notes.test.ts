// The Meshwesh importer's readers of the lists' notes, on their own: a troop option's note as the
// parts of the list it is for, an ally's condition on its host, the parts of a list, and the years a
// rating note gives.
import { describe, expect, it } from 'vitest'
import { allyCondition, partsOfList, readSubFactionNote } from '../../src-main/import/list-parts'
import { datesInNote } from '../../src-main/import/note-words'

describe('Meshwesh notes, read', () => {
  it('reads a troop option note as the parts of the list it is for, where it can be read reliably', () => {
    expect(readSubFactionNote('only Chu or Yue')).toEqual({ only: ['Chu', 'Yue'] })
    expect(readSubFactionNote('only Florence, Naples or Papal')).toEqual({ only: ['Florence', 'Naples', 'Papal'] })
    expect(readSubFactionNote('Judah')).toEqual({ only: ['Judah'] })
    expect(readSubFactionNote('only in Italy')).toEqual({ only: ['in Italy'] })
    expect(readSubFactionNote('not Israel')).toEqual({ except: ['Israel'] })
    expect(readSubFactionNote('all except Helvetii or Belgae')).toEqual({ except: ['Helvetii', 'Belgae'] })
    // dates, conditions on the general and mixed forms stay words
    for (const note of [
      'only if general is Alexander',
      'only Toltec until 1224, or only Itza 1224 and later',
      'before 764, or except in Iraq',
      'only Wallachian, or Moldavian until 1400 only',
      'not Muhammed Shah 1389-1390'
    ])
      expect(readSubFactionNote(note), note).toBeUndefined()
  })

  it("reads an ally's condition on the host from the brackets opening its name, not the ally's own name", () => {
    expect(allyCondition('(in Asia) Galatian allies')).toEqual({ only: ['in Asia'] })
    expect(allyCondition('(only Achaia) Achaian allies')).toEqual({ only: ['Achaia'] })
    expect(allyCondition('(Sogdia only) Saka allies')).toEqual({ only: ['Sogdia'] })
    // a description, not a name: left as words
    expect(allyCondition('(Eastern armies only) Saka allies')).toBeUndefined()
    expect(allyCondition('(not Gordyene) Parthian allies')).toEqual({ except: ['Gordyene'] })
    for (const name of ['(Sciri) Sciri allies', '(in Gaul 105-25 BC, or in Italy 90-89 BC) Gallic auxiliaries', 'Galatian allies'])
      expect(allyCondition(name), name).toBeUndefined()
  })

  it('the parts of a list: "Any other" only when the names may not cover the list, longer names read as shorter, ally brackets naming a part', () => {
    const ally = (name: string) => ({ dateRange: null, note: null, allyEntries: [{ name, allyArmyList: { name: 'X', troopOptions: [] } }] }) as never
    // "Saffarid or Samanid": the two notes name both parts of the list, so no "Any other"
    expect(partsOfList('Saffarid or Samanid', ['only Saffarid', 'only Samanid'], []).parts).toEqual([
      { id: 'saffarid', name: 'Saffarid' },
      { id: 'samanid', name: 'Samanid' }
    ])
    expect(partsOfList('Syro-Canaanite and Ugaritic', ['only Ugarit'], []).parts).toEqual([
      { id: 'ugarit', name: 'Ugarit' },
      { id: 'other', name: 'Any other' }
    ])
    // "Sarbaradarids of Sabzawar" is the "Sarbaradarids" another note excludes
    const persian = partsOfList('Islamic Persian', ['any except Sarbaradarids', 'only Sarbaradarids of Sabzawar'], [])
    expect(persian.options).toEqual([{ except: ['sarbaradarids'] }, { only: ['sarbaradarids'] }])
    // the "in" of a theatre list belongs to each name; a bracket naming a part the notes name is a condition
    const umayyad = partsOfList(
      'Umayyad Arab',
      ['only in Central Asia', 'only Almoravid in Spain'],
      [ally('(in Iran, Iraq, or Central Asia) Sogdian allies'), ally('(Almoravid in Spain) Andalusian ally'), ally('(Sciri) Sciri allies')]
    )
    expect(umayyad.allies).toEqual([{ only: ['in-iran', 'in-iraq', 'in-central-asia'] }, { only: ['almoravid-in-spain'] }, undefined])
  })

  it('reads the years a rating note gives, within the army dates; other notes give none', () => {
    const army = [{ from: -400, to: 1400 }]
    expect(datesInNote('Under Alexander 335-328 BC', army)).toEqual([{ from: -335, to: -328 }])
    expect(datesInNote('1 BC-200 AD', army)).toEqual([{ from: -1, to: 200 }])
    expect(datesInNote('751 to 834 AD', army)).toEqual([{ from: 751, to: 834 }])
    expect(datesInNote('576 AD and later', army)).toEqual([{ from: 576, to: 1400 }])
    expect(datesInNote('until 226 BC', army)).toEqual([{ from: -400, to: -226 }])
    expect(datesInNote('Under the Richard I or John I 1194-1216 AD, or under Edward Longshanks 1264-1307 AD', army)).toEqual([
      { from: 1194, to: 1216 },
      { from: 1264, to: 1307 }
    ])
    // no era, a stray number, or no date at all: words, not years
    // no era, a stray number, a condition beside the years, years outside the army's, or no date at all: words, not years
    for (const note of [
      'Under Harold Godwinson 1053-1066',
      '2nd Crusade (1148 AD)',
      'Normally',
      'If no foot stands',
      'Under good generals 341-289 BC',
      '1171-1392 AD with no Guerrillas',
      'With Guerrilla allies or 918-1170 AD'
    ])
      expect(datesInNote(note, army), note).toBeUndefined()
    expect(datesInNote('Under Bayezit 190-1402 AD', [{ from: 1300, to: 1500 }])).toBeUndefined()
  })
})
