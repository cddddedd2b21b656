import { describeWriteCommandsUnder, FAULTS } from './support/write-commands-answer';

// "No exit without a report" for every write command, with its first write refused before the server commits (and the server down).
describeWriteCommandsUnder(FAULTS.refusedBeforeCommit, { serverDown: true });
