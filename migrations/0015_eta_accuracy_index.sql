-- The ETA accuracy report (decision K15) reads the samples of a period.
CREATE INDEX `tracking_etas_recorded_idx` ON `tracking_etas` (`recorded_at`);
