// What the local server serves (serve/server.ts): a page and its routes, the app's to answer. Pure types.

/** An answer to a post: its status, and a JSON body (none: empty). */
export interface PostAnswer {
  status: number
  body?: unknown
}

/** An answer of a route: a JSON body, or plain text (`text`), or none (empty). */
export interface RouteAnswer extends PostAnswer {
  text?: string
}

/** Who sent a post: the address it came from (an app may limit how often one address posts). */
export interface Sender {
  address: string
}

/** What one path under the token answers: a GET, and a POST of JSON (its body parsed, every guard passed). */
export interface Route {
  get?: () => RouteAnswer | Promise<RouteAnswer>
  post?: (body: unknown, from: Sender) => RouteAnswer | Promise<RouteAnswer>
}

/** What a server serves: its page at /<token>/ (an HTML file of the assets; no other HTML file is served) and its routes by name. */
export interface ServedApp {
  page: string
  routes: Readonly<Record<string, Route>>
}
