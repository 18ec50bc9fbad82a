// The IPC channels by name, and the menu commands: all the sandboxed preload needs at run time.
// Kept apart from contract.ts (the calls' argument schemas and types) and free of imports, so the
// preload bundle carries names only, not TypeBox. contract.ts defines one call for each name here.

/** Every call the renderer may make, by the name the contract knows it by, and its IPC channel. */
export const channelNames = {
  listRulesets: 'rules:list-rulesets',
  dataWarnings: 'rules:data-warnings',
  evaluateRoster: 'rules:evaluate-roster',
  armyDetails: 'rules:army-details',
  rulesetDetails: 'rules:ruleset-details',
  newRoster: 'rules:new-roster',
  listRosters: 'library:list',
  searchRosters: 'library:search',
  getRoster: 'library:get',
  createRoster: 'library:create',
  saveRoster: 'library:save',
  listRevisions: 'library:revisions',
  restoreRevision: 'library:restore-revision',
  compareRevisions: 'library:compare-revisions',
  renameRoster: 'library:rename',
  duplicateRoster: 'library:duplicate',
  setFavourite: 'library:favourite',
  setTags: 'library:tags',
  listTags: 'library:list-tags',
  trashRoster: 'library:trash',
  restoreRoster: 'library:untrash',
  emptyTrash: 'library:empty-trash',
  listFolders: 'library:folders',
  createFolder: 'library:create-folder',
  renameFolder: 'library:rename-folder',
  deleteFolder: 'library:delete-folder',
  libraryImpact: 'library:impact',
  refreshSummaries: 'library:refresh-summaries',
  dataUpdate: 'library:data-update',
  useValues: 'library:use-values',
  clearDataMarks: 'library:clear-data-marks',
  moveToFolder: 'library:move',
  importRosterFiles: 'library:import-files',
  exportRoster: 'library:export',
  exportPdf: 'library:export-pdf',
  savePdf: 'files:save-pdf',
  checkEventFiles: 'event:check',
  eventBook: 'event:book',
  eventPairing: 'event:pairing',
  pickEventFiles: 'event:pick-files',
  rosterText: 'library:roster-text',
  shareCode: 'library:share-code',
  importShareCode: 'library:import-share-code',
  listSamples: 'library:samples',
  addSample: 'library:add-sample',
  collection: 'collection:list',
  addCollectionItems: 'collection:add',
  readCollectionLines: 'collection:read-lines',
  addCollectionLines: 'collection:add-lines',
  updateCollectionItem: 'collection:update',
  removeCollectionItems: 'collection:remove',
  setCountsAs: 'collection:counts-as',
  undoCollection: 'collection:undo',
  ownRosters: 'collection:own',
  armiesFielded: 'collection:armies',
  ownedLeft: 'collection:owned-left',
  shoppingList: 'collection:shopping-list',
  shoppingListPdf: 'collection:shopping-list-pdf',
  importCollectionFile: 'collection:import',
  exportCollectionFile: 'collection:export',
  meshweshStatus: 'meshwesh:status',
  meshweshSync: 'meshwesh:sync',
  meshweshCancel: 'meshwesh:cancel',
  startGame: 'games:start',
  tapGame: 'games:tap',
  undoGameTap: 'games:undo',
  getGame: 'games:get',
  listGames: 'games:list',
  finishGame: 'games:finish',
  deleteGame: 'games:delete',
  gameRecord: 'games:record',
  showOnPhone: 'phone:show',
  stopShowingOnPhone: 'phone:stop',
  listEvents: 'event-day:list',
  createEvent: 'event-day:create',
  updateEventProfile: 'event-day:update-profile',
  reinstateEventPlayer: 'event-day:reinstate',
  getEventDay: 'event-day:get',
  deleteEvent: 'event-day:delete',
  enterEventRosters: 'event-day:enter',
  overrideEventPlayer: 'event-day:override',
  dropEventPlayer: 'event-day:drop',
  pairEventRound: 'event-day:pair',
  recordEventResult: 'event-day:result',
  eventDayPdf: 'event-day:pdf',
  publishEvent: 'event-day:publish',
  exportEventDay: 'event-day:export',
  serveEventResults: 'event-day:serve-results',
  stopEventResults: 'event-day:stop-results',
  eventResultsServing: 'event-day:serving'
} as const satisfies Record<string, string>

export type Channel = keyof typeof channelNames

/** Every channel, in the contract's order. */
export const channels = Object.keys(channelNames) as Channel[]

/** One value for each channel, made from its name and IPC channel (the preload's forwarding calls). */
export function byChannel<T>(make: (channel: Channel, ipcChannel: string) => T): Record<Channel, T> {
  return Object.fromEntries(channels.map((channel) => [channel, make(channel, channelNames[channel])])) as Record<Channel, T>
}

/** Menu and shortcut commands the main process sends to the page (one way, no payload). */
export const COMMANDS = [
  'new',
  'open',
  'import',
  'export',
  'print',
  'undo',
  'redo',
  'theme-system',
  'theme-light',
  'theme-dark',
  'library',
  'armies',
  'reload',
  'meshwesh'
] as const
export type Command = (typeof COMMANDS)[number]
export const COMMAND_CHANNEL = 'muster:command'
