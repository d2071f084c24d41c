export {
  apiBasePath,
  startFatooraSimulator,
  type FatooraSimulator,
  type FatooraSimulatorOptions,
} from './fatoora-simulator.js';
