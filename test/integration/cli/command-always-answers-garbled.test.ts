import { describeWriteCommandsUnder, FAULTS } from './support/write-commands-answer';

// "No exit without a report" for every write command, with its first write answered with something that is not the API.
describeWriteCommandsUnder(FAULTS.garbledAnswer);
