// The collection's calls: what the player owns, in the library (services/collection.ts).
// contract.ts assembles them into the one contract.
import Type from 'typebox'
import type { RosterFit } from '../rules/coverage'
import type { LineReading } from '../services/collection-lines'
import type { ArmyFielded, CollectionItem, FitReport, ListedCollection, OwnedLeft } from '../services/collection'
import { anyObject, Args, call, id, papers, slug, type PdfMade } from './contract-parts'

/** What to buy to field any one of some library rosters: per roster, and together, on screen and as text. */
export interface ShoppingAnswer {
  reports: FitReport[]
  toBuy: Array<RosterFit['missing'][number] & { ruleset: string }>
  text: string
}

const attributeValues = Type.Record(
  Type.String({ pattern: '^[a-z][a-zA-Z0-9]*$', maxLength: 64 }),
  Type.Union([Type.String({ maxLength: 80 }), Type.Boolean()]),
  {
    maxProperties: 20
  }
)
/** Items as lines a player types or pastes (services/collection-lines.ts reads them; a longer text is refused there in words). */
const linesText = Type.String({ maxLength: 200_000 })
/** An item to add: what it is in one ruleset (the others proposed); the service checks the rest. */
const newItem = Type.Object(
  {
    name: Type.String({ maxLength: 120 }),
    count: Type.Integer({ minimum: 1, maximum: 100000 }),
    counted: Type.Optional(Type.Enum(['stands', 'figures'])),
    ruleset: slug,
    troop: slug,
    attributes: Type.Optional(attributeValues),
    figuresPerStand: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    basing: Type.Optional(Type.String({ maxLength: 80 })),
    notes: Type.Optional(Type.String({ maxLength: 2000 }))
  },
  { additionalProperties: false }
)
const itemChanges = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    counted: Type.Optional(Type.Enum(['stands', 'figures'])),
    figuresPerStand: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100 }), Type.Null()])),
    basing: Type.Optional(Type.String({ maxLength: 80 })),
    notes: Type.Optional(Type.String({ maxLength: 2000 }))
  },
  { additionalProperties: false }
)

export const collectionCalls = {
  /** The items, and those some ruleset cannot count any more (listed with a warning, never dropped). */
  collection: call(Args()).answers<ListedCollection>(),
  /** (items): added, each with its counts-as in the other rulesets proposed; the new revision. */
  addCollectionItems: call(Args(Type.Array(newItem, { minItems: 1, maxItems: 500 }))).answers<{ revision: number; items: CollectionItem[] }>(),
  /** (text, ruleset?): items written one a line ("12 Gallic warriors as" a troop type), each read: what it adds, or what is wrong; `ruleset` for lines naming none. */
  readCollectionLines: call(Args(linesText, Type.Optional(slug))).answers<LineReading[]>(),
  /** (text, ruleset?): every line's item added as one change (one revision, one undo); any line wrong: nothing added, the error says which. */
  addCollectionLines: call(Args(linesText, Type.Optional(slug))).answers<{ revision: number; items: CollectionItem[] }>(),
  /** (id, changes): its name, count, basing or notes changed; the new revision. */
  updateCollectionItem: call(Args(id, itemChanges)).answers<number>(),
  /** (ids) */
  removeCollectionItems: call(Args(Type.Array(id, { minItems: 1, maxItems: 5000 }))).answers<{ revision: number; removed: CollectionItem[] }>(),
  /** (id, ruleset, troop, attributes?): what the item counts as there, as the player says (confirmed). */
  setCountsAs: call(Args(id, slug, slug, Type.Optional(attributeValues))).answers<number>(),
  /** The collection as it was before its last change (saved again as a new revision); null: nothing to undo. */
  undoCollection: call(Args()).answers<{ revision: number; restored: number; undid: string } | null>(),
  /**
   * (ids): "I own these armies": what the collection does not field of each library roster added as
   * items, as one change (`items` empty and the revision as it was when it fields them all); `said`: what was done, in words.
   */
  ownRosters: call(Args(Type.Array(id, { minItems: 1, maxItems: 50 }))).answers<{ revision: number; items: CollectionItem[]; said: string }>(),
  /** (ruleset?): every army (of one ruleset) with the share of it the collection fields, best first. */
  armiesFielded: call(Args(Type.Optional(slug))).answers<ArmyFielded[]>(),
  /** (roster): what the collection still has for it once its units have taken theirs (the editor's "only what I own"). */
  ownedLeft: call(Args(anyObject)).answers<OwnedLeft>(),
  /** (ids): library rosters, what the collection covers of each and what to buy to field any one of them. */
  shoppingList: call(Args(Type.Array(id, { minItems: 1, maxItems: 50 }))).answers<ShoppingAnswer>(),
  /** (ids, paper): the shopping list as a PDF, kept for savePdf. */
  shoppingListPdf: call(Args(Type.Array(id, { minItems: 1, maxItems: 50 }), papers)).answers<PdfMade>(),
  /**
   * (path?, mode): a collection file read by the main process (the open dialog when no path: null if
   * cancelled); refused whole, in words, if any of it is wrong. merge adds the items with new ids.
   */
  importCollectionFile: call(Args(Type.Union([Type.String({ minLength: 1, maxLength: 4096 }), Type.Null()]), Type.Enum(['merge', 'replace']))).answers<{
    added: number
    skipped: number
  } | null>(),
  /** The collection written where the player says in the save dialog. */
  exportCollectionFile: call(Args()).answers<{ saved: true; path: string } | { saved: false }>()
}
