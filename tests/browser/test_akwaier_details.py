"""What a new user hit on the Akwaier page: the wealth chart's names at the lines' ends
never overlap (however close the players end), and stay inside the chart."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from tests.serverproc import ServerProcess

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("ends", [
    [60_000] * 6,                                  # everybody ends level
    [0, 0, 0, 1_000, 1_000, 90_000],               # five at the bottom
    [90_000, 89_000, 88_500, 88_000, 500, 0],      # four at the top
])
def test_the_chart_names_never_overlap(server: ServerProcess, context_factory: Any,
                                       ends: list[int]) -> None:
    page = context_factory().new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#game-akwaier")
    boxes = page.evaluate("""async (ends) => {
      const { wealthChart } = await import('/static/js/games/akwaier/chart.js');
      await (await import('/static/js/games/akwaier.js')).stylesheet();  // as on its page
      const points = [Array(6).fill(25000), ends.map((v) => (v + 25000) / 2), ends];
      const chart = wealthChart(points, ['GRANDPA', 'GRANDMA', 'BROTHER', 'SISTER', 'DAD', 'MUM'],
                                (k) => k);
      chart.style.width = '640px';
      document.body.append(chart);
      const area = chart.getBoundingClientRect();
      return { area: [area.top, area.bottom],
               labels: [...chart.querySelectorAll('text.label')].map((n) => {
                 const r = n.getBoundingClientRect(); return [r.top, r.bottom]; }) };
    }""", ends)
    labels = sorted(boxes["labels"])
    assert len(labels) == 6
    for (_, bottom), (top, _) in itertools.pairwise(labels):
        assert top >= bottom - 0.5, labels
    assert labels[0][0] >= boxes["area"][0] and labels[-1][1] <= boxes["area"][1]
