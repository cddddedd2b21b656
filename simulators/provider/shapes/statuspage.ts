import { JSON_CONTENT_TYPE, type SimulatorShape } from './simulator-shape';

/** The summary itself: the model every other shape is rendered from. */
export const statuspageShape: SimulatorShape = {
  contentType: JSON_CONTENT_TYPE,
  render: (summary) => JSON.stringify(summary),
};
