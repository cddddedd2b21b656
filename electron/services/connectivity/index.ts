export { ConnectivityMonitor, type ConnectivityMonitorOptions } from './connectivity-monitor';
export { ALWAYS_ONLINE, ManualNetworkSignals, type NetworkSignals } from './network-signals';
export { createHelloProbe, type ServerProbe } from './hello-probe';
