DROP TABLE rule_versions;
