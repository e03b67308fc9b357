-- Pushes a batch of jobs, due now, to one apalis-redis 1.0 queue and wakes its idle workers.
--
-- apalis-redis's own batch_push.lua always puts a new job in the scheduled set (its push
-- clamps the run time to "now"), where only a worker's fetch promotes it: a job was seen at the
-- next poll at best, and a burst of 8,000 jobs between two fetches broke the fetch's `unpack`.
-- This script writes the same keys and metadata as batch_push.lua, so apalis's fetch and acks
-- work unchanged, but appends the jobs to the active list and publishes the queue's name on
-- the namespace's wake channel once (see shared/src/jobs/signals.rs).
--
-- KEYS[1]: the job data hash
-- KEYS[2]: the active job list
-- KEYS[3]: the signal list
-- KEYS[4]: the job metadata prefix
-- KEYS[5]: the wake channel
-- ARGV[1]: the queue's name (the wake message)
-- ARGV[2..]: job_id1, payload1, job_id2, payload2, …
--
-- A job whose id is still in the queue's data hash — waiting, running, failed, or done and not
-- yet swept — is not pushed again (a relay killed between its push and its commit). No key per
-- job is kept beyond that: a day of idempotency keys would cost Redis about 13 GB at 1,000
-- jobs/s. A job pushed again later runs again, and the jobs are idempotent.
local pushed = 0
for i = 2, #ARGV, 2 do
    local id = ARGV[i]
    if redis.call('HSETNX', KEYS[1], id, ARGV[i + 1]) == 1 then
        redis.call('HSET', KEYS[4] .. ':' .. id, 'attempts', 0, 'max_attempts', 25,
            'status', 'Pending')
        redis.call('RPUSH', KEYS[2], id)
        pushed = pushed + 1
    end
end
if pushed > 0 then
    redis.call('DEL', KEYS[3])
    redis.call('LPUSH', KEYS[3], 1)
    redis.call('PUBLISH', KEYS[5], ARGV[1])
end
return pushed
