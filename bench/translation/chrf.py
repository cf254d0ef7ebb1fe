"""chrF (sacrebleu) of hypotheses against references: JSON {"hypotheses": [...], "references": [...]} on stdin."""
import json
import sys

from sacrebleu.metrics import CHRF

data = json.load(sys.stdin)
metric = CHRF()
score = metric.corpus_score(data["hypotheses"], [data["references"]])
print(json.dumps({"chrf": round(score.score, 1), "signature": str(metric.get_signature())}))
