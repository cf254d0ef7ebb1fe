"""chrF (sacrebleu) of hypotheses against references: JSON {"hypotheses": [...], "references": [...]} on stdin."""
import json
import sys

from sacrebleu.metrics import CHRF

data = json.load(sys.stdin)
score = CHRF().corpus_score(data["hypotheses"], [data["references"]])
print(json.dumps({"chrf": round(score.score, 1), "signature": str(CHRF().get_signature())}))
