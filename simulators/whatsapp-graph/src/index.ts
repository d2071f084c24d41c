export { randomConnection, type GraphConnection } from './connection-store.js';
export { faultKinds, type FaultHow, type FaultKind } from './faults.js';
export { type GraphErrorBody } from './graph-errors.js';
export {
  graphApiVersion,
  startGraphSimulator,
  type GraphSimulator,
  type GraphSimulatorOptions,
  type SentMessage,
} from './graph-simulator.js';
export {
  messageDelivery,
  signDelivery,
  statusDelivery,
  type InboundMessage,
  type MessageDeliveryOptions,
  type StatusDeliveryOptions,
} from './webhook-deliveries.js';
