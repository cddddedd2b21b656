import { describeWriteCommandsUnder, FAULTS } from './support/write-commands-answer';

// "No exit without a report" for every write command, with its first write lost after the server committed.
describeWriteCommandsUnder(FAULTS.lostAfterCommit);
