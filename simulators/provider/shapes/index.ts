import type { ProviderFormat } from '@shared/monitor/provider/provider-format';
import { cachetShape } from './cachet';
import { feedShape } from './feed';
import { incidentioShape } from './incidentio';
import { instatusShape } from './instatus';
import type { SimulatorShape } from './simulator-shape';
import { statusioShape } from './statusio';
import { statuspageShape } from './statuspage';

/** The simulator's shape of each format in the registry (a format without one is a type error and a failed test). */
export const SIMULATOR_SHAPES: Readonly<Record<ProviderFormat, SimulatorShape>> = {
  statuspage: statuspageShape,
  incidentio: incidentioShape,
  instatus: instatusShape,
  statusio: statusioShape,
  cachet: cachetShape,
  feed: feedShape,
};
