/** The only two IPC channels: calls go in on one, events come out on the other. */
export const CALL_CHANNEL = 'quire:call';
export const EVENT_CHANNEL = 'quire:event';
