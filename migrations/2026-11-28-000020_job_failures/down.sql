DROP TABLE failed_jobs;
DROP TABLE job_failures;
