/** The highlights module's public face (ADR 037): a highlight as the API and the public page show it. */
export { toHighlight } from './highlights.service.js';
