/**
 * The polls module's public face (ADR 037): the viewers' side of polls and quizzes, which the
 * public page's viewer API calls (ADR 036, ADR 058).
 */
export { type PollVoter, ViewerPollsService } from './viewer-polls.service.js';
