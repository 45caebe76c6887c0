/**
 * What `/website/getOSSystemInfo` and `/website/getWinSystemInfo` answer (docs/monitoring.md): the wire
 * shape shared by the server that measures it and the 服务器状态 screen that shows it.
 */
export interface SystemInfo {
  sampleTime: string;
  hostName: string;
  platform: string;
  osRelease: string;
  cpuModel: string;
  cpuCount: number;
  cpuPercent: number;
  load1: number;
  memTotalMb: number;
  memUsedMb: number;
  memPercent: number;
  dataDir: string;
  diskTotalMb: number;
  diskFreeMb: number;
  diskPercent: number;
  uptimeSec: number;
  processUptimeSec: number;
  nodeVersion: string;
  dbType: string;
  dbVersion: string;
  dbSizeMb: number;
  pendingGeneration: number;
  lastGeneration: string | null;
}
