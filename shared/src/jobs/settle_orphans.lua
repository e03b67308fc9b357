-- Settles the jobs a dead apalis-redis 1.0 worker was running (shared/src/jobs/crashes.rs):
-- each one either goes back to its queue as one more attempt, or to the dead set, ended for
-- good; the worker is forgotten once it holds no job. It replaces apalis-redis's own
-- `reenqueue_orphaned.lua` (which puts the jobs back without counting anything), and does
-- nothing when the worker beat again since it was found dead or another caller settled it.
--
-- KEYS[1]: the queue's workers sorted set (scored by last heartbeat, Unix seconds)
-- KEYS[2]: the dead worker's in-flight set
-- KEYS[3]: the active job list
-- KEYS[4]: the signal list
-- KEYS[5]: the dead set
-- KEYS[6]: the job metadata prefix
-- KEYS[7]: the wake channel
-- ARGV[1]: the worker's name
-- ARGV[2]: its latest heartbeat that counts as dead (Unix seconds)
-- ARGV[3]: the queue's name (the wake message)
-- ARGV[4]: how many of the ids that follow go back to the queue (the rest end)
-- ARGV[5..]: job ids
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) > tonumber(ARGV[2]) then
    return 0
end
local requeue = tonumber(ARGV[4])
local requeued = 0
for i = 5, #ARGV do
    local id = ARGV[i]
    if redis.call('SREM', KEYS[2], id) == 1 then
        if i < 5 + requeue then
            -- The delivery that died counts: the next one is the attempt after it.
            redis.call('HINCRBY', KEYS[6] .. ':' .. id, 'attempts', 1)
            redis.call('RPUSH', KEYS[3], id)
            requeued = requeued + 1
        else
            redis.call('SADD', KEYS[5], id)
        end
    end
end
if redis.call('SCARD', KEYS[2]) == 0 then
    redis.call('ZREM', KEYS[1], ARGV[1])
end
if requeued > 0 then
    redis.call('DEL', KEYS[4])
    redis.call('LPUSH', KEYS[4], 1)
    redis.call('PUBLISH', KEYS[7], ARGV[3])
end
return requeued
