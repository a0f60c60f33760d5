/** A control call the simulator cannot follow (unknown organization, product, table…): answered as a 400. */
export class SimulatorError extends Error {}
